import type { Player } from 'asciinema-player';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface CastPlayerOptions {
  speed: number;
  /** Scale the recording into its box, or show it at its own size. */
  fit: boolean;
}

export type CastPlayerState = 'loading' | 'ready' | 'failed';

/** Long pauses in a recording are cut to this many seconds, so a replay skips idle time. */
const IDLE_LIMIT_SECONDS = 5;

/** The player and its stylesheet load with the first replay, not with the page. */
const loadPlayer = () =>
  Promise.all([
    import('asciinema-player'),
    import('asciinema-player/dist/bundle/asciinema-player.css'),
  ]).then(([player]) => player);

/** Reports when the player starts or stops playing. */
function watchPlaying(player: Player, playing: (yes: boolean) => void): void {
  for (const event of ['play', 'playing'] as const) {
    player.addEventListener(event, () => playing(true));
  }
  for (const event of ['pause', 'ended'] as const) {
    player.addEventListener(event, () => playing(false));
  }
}

/**
 * asciinema-player in `container`, playing `cast`. The player has no speed setter, so a change of
 * speed or fit makes a new player that resumes where the last one was (and plays on if it was
 * playing). The player is disposed when the dialog closes.
 */
export function useCastPlayer(
  container: HTMLElement | null,
  cast: string,
  { speed, fit }: CastPlayerOptions,
) {
  const [state, setState] = useState<CastPlayerState>('loading');
  const [playing, setPlaying] = useState(false);
  const player = useRef<Player | undefined>(undefined);
  const resume = useRef({ at: 0, playing: false });

  useEffect(() => {
    if (!container) return;
    let disposed = false;
    let current: Player | undefined;
    let isPlaying = resume.current.playing;
    const playingNow = (yes: boolean) => {
      isPlaying = yes;
      setPlaying(yes);
    };
    loadPlayer().then(
      ({ create }) => {
        if (disposed) return;
        try {
          current = create({ data: cast }, container, {
            speed,
            fit: fit ? 'both' : false,
            startAt: resume.current.at,
            autoPlay: resume.current.playing,
            // A paused player shows the frame it was at, not a blank screen.
            poster: resume.current.at > 0 ? `npt:${resume.current.at}` : undefined,
            preload: true,
            idleTimeLimit: IDLE_LIMIT_SECONDS,
          });
        } catch {
          setState('failed');
          return;
        }
        watchPlaying(current, playingNow);
        player.current = current;
        setState('ready');
      },
      () => {
        if (!disposed) setState('failed');
      },
    );
    return () => {
      disposed = true;
      if (current) {
        resume.current = { at: current.getCurrentTime(), playing: isPlaying };
        current.dispose();
      }
      player.current = undefined;
    };
  }, [container, cast, speed, fit]);

  const play = useCallback(() => void player.current?.play(), []);
  const pause = useCallback(() => void player.current?.pause(), []);
  return { state, playing, play, pause };
}
