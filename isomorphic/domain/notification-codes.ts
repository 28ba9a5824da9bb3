// The message centre's codes and limits, apart from its texts (notification.ts): the header's bell and the
// shared code table need only these, and so every page's first script stays without the order texts.
export interface Bilingual { zh: string; en: string }

export const NotificationCodes = { NOTICE_NOT_FOUND: 502001 } as const;
export const notificationCodeMessages: Record<number, Bilingual> = {
  [NotificationCodes.NOTICE_NOT_FOUND]: { zh: '消息不存在', en: 'This message does not exist' },
};

export const NotificationLimits = { pageSize: 20, bellMax: 99 } as const;
