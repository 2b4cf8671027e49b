/** Fired on the document before the elements of a page React just rendered are enhanced. */
export const NAVIGATED_EVENT = "beranda:navigated";
