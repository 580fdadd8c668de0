import { useContext } from 'react';
import { FeedbackContext, type Feedback } from './FeedbackContext';

/** Toasts (`message`), notices (`notification`) and confirmations (`modal`) in the app's theme. */
export function useFeedback(): Feedback {
  return useContext(FeedbackContext);
}
