import { VIDEO_PLAYER_ORIGINS } from '@orbis/scene';
import getVideoId from 'get-video-id';

/**
 * Where a video block's video plays (docs/viewer.md "Built-in infobox blocks"): a YouTube or Vimeo
 * page is played by the service's own player in a sandboxed frame (the published page's
 * Content-Security-Policy allows those two players' origins and no other frame); an `https:`
 * video file (`.mp4`, `.webm`, `.ogg`, `.mov`, `.m4v`) by a `<video>` element. Anything else
 * (another site, `http:`, `javascript:`) is only a link.
 */
export type VideoSource = { embed: string } | { file: string } | { link: string } | undefined;

const VIDEO_FILE = /\.(mp4|webm|ogg|ogv|mov|m4v)$/i;

/** Where `text` (the evaluated `src`) plays, or undefined when it is no `https:` address. */
export function videoSource(text: string): VideoSource {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return url.protocol === 'http:' ? { link: url.href } : undefined;
  const { id, service } = getVideoId(url.href);
  // The id goes into the player's path: only the characters the services use.
  if (id && service === 'youtube' && /^[\w-]{6,20}$/.test(id)) return { embed: `${VIDEO_PLAYER_ORIGINS.youtube}/embed/${id}` };
  if (id && service === 'vimeo' && /^\d{1,15}$/.test(id)) return { embed: `${VIDEO_PLAYER_ORIGINS.vimeo}/video/${id}` };
  return VIDEO_FILE.test(url.pathname) ? { file: url.href } : { link: url.href };
}
