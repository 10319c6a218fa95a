// What the namespaces' files and index.d.ts share: kept below all of them, so none imports index.d.ts back.

/**
 * A frame's width or height (`app.ui`, `app.modal`, `app.popup`), as Re:Earth takes it: a number
 * of CSS pixels (kept within 20 to 2000), or a CSS length string: a non-negative number with `px`
 * (kept within 20 to 2000 too), `%`, `vw`, `vh`, `vmin`, `vmax`, `em` or `rem`, or `"auto"`.
 * Any other string is a `TypeError` naming the option.
 * @example app.modal.show('<p>Hi</p>', { width: '50%', height: 240 });
 */
export type FrameSize = number | string;

export interface Location {
  lat: number;
  lng: number;
  height: number;
}

export interface ListenerOptions {
  once?: boolean;
}
