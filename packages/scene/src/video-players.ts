/**
 * The video players an infobox's video block may frame (docs/viewer.md "Built-in infobox blocks"):
 * YouTube's (its no-cookie host) and Vimeo's. The viewer builds their addresses; the server's page
 * policy lists exactly these origins in `frame-src`.
 */
export const VIDEO_PLAYER_ORIGINS = { youtube: 'https://www.youtube-nocookie.com', vimeo: 'https://player.vimeo.com' } as const;
