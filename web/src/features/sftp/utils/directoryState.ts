import { INITIAL_LISTING, listingReducer, type ListFrame, type ListingState } from './listing';
import {
  back,
  currentPath,
  EMPTY_HISTORY,
  forward,
  replaceCurrent,
  visit,
  type PathHistory,
} from './pathHistory';

/** What one tab shows: the listing under way or done, and the way back and forward. */
export interface DirectoryState {
  listing: ListingState;
  history: PathHistory;
}

export const INITIAL_DIRECTORY: DirectoryState = {
  listing: INITIAL_LISTING,
  history: EMPTY_HISTORY,
};

/**
 * How a listing was asked for: a new place, a step back or forward, the same place again
 * (`refresh` keeps the rows on screen until the answer; `reopen` after a reconnect too).
 */
export type Navigation = 'visit' | 'back' | 'forward' | 'refresh' | 'reopen';

export type DirectoryAction =
  | { type: 'request'; id: number; path: string; navigation: Navigation }
  | { type: 'frame'; frame: ListFrame };

/** Where a navigation leads from `history`: the path to ask for, if there is one. */
export function destination(
  history: PathHistory,
  navigation: Exclude<Navigation, 'visit'>,
): string | undefined {
  if (navigation === 'back') return currentPath(back(history));
  if (navigation === 'forward') return currentPath(forward(history));
  return currentPath(history);
}

export function directoryReducer(state: DirectoryState, action: DirectoryAction): DirectoryState {
  if (action.type === 'request') {
    const { navigation, path, id } = action;
    const history =
      navigation === 'visit'
        ? visit(state.history, path)
        : navigation === 'back'
          ? back(state.history)
          : navigation === 'forward'
            ? forward(state.history)
            : state.history;
    const keep = navigation === 'refresh' || navigation === 'reopen';
    return {
      history,
      listing: listingReducer(state.listing, { type: 'request', id, path, keep }),
    };
  }
  const listing = listingReducer(state.listing, action);
  if (listing === state.listing) return state;
  // The first answer names the path as the console sees it (home's real path): history keeps it.
  const named = !state.listing.answered && listing.answered && listing.path;
  return {
    listing,
    history: named ? replaceCurrent(state.history, listing.path ?? '') : state.history,
  };
}
