// Shapes of the enquiry calls (询盘), shared by the api's schemas and the pages.
import type { EnquiryBox, EnquiryState, EnquirySide } from '../domain/enquiry';

/** Body of /enquiry/askPurchase: what it is about (EnquiryTarget) and the question. */
export interface EnquiryAsk { kind: number; targetId: number; text: string }

/** Body of /enquiry/list. */
export interface EnquiryListQuery {
  box: EnquiryBox;
  pageNum: number;
  pageSize: number;
  kind?: number;
  state?: EnquiryState;
  keyword?: string;
  askerId?: number;
}

/** One enquiry as one of its two parties sees it. */
export interface EnquiryItem {
  id: number;
  kind: number;
  kindLabel: string;
  targetId: number;
  targetPath: string;
  subject: string;
  text: string;
  /** the side the reader is on */
  side: EnquirySide;
  askerId: number;
  askerName: string;
  askerCompany: string;
  /** who was asked: the company's name, or empty for the buyer of a request (not named) */
  sellerName: string;
  replyCount: number;
  answered: boolean;
  unread: boolean;
  createdAt: string;
  lastAt: string;
}

export interface EnquiryReply { id: number; side: EnquirySide; authorName: string; text: string; mine: boolean; createdAt: string }

/** Body of /enquiry/thread and the answer of /enquiry/reply: the enquiry and its replies, oldest first. */
export interface EnquiryThread { enquiry: EnquiryItem; replies: EnquiryReply[] }

export interface EnquiryReplyBody { id: number; text: string }

/** /enquiry/askUser: the asking user as the seller they asked sees them. */
export interface EnquiryAsker {
  id: number;
  nickname: string;
  userType: number;
  userTypeLabel: string;
  mobile: string;
  companyId: number | null;
  companyName: string;
  companyNameEn: string;
  enquiries: number;
  firstAskedAt: string;
}

/** /enquiry/unreadCount: received enquiries with news for me (the menus' badge), as the received box's 'unread' filter counts them. */
export interface EnquiryUnread { received: number }

export type { EnquiryBox, EnquiryState, EnquirySide };
