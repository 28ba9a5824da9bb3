// The message centre's shapes, shared by the api (response schemas) and the pages.
export interface Notice {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  read: boolean;
  createdAt: string;
}

export interface NoticePage { list: Notice[]; total: number; unread: number; pageNum: number; pageSize: number }
export interface UnreadCount { unread: number }
