/** docs/contract.md §14: how an infobox field shows its value. */
export const INFOBOX_FORMATS = ['number', 'integer', 'percent', 'date', 'url', 'image'] as const;
export type InfoboxFormat = (typeof INFOBOX_FORMATS)[number];
