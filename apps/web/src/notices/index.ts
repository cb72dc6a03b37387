export { notifySuccess, notifyError, noticeLines, type TNoticeOptions, type TNoticeType } from "./notices";
export { NOTICE_TEXT } from "./notice-text";
