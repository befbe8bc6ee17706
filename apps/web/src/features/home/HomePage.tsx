import { StepOne } from '../creation/StepOne.tsx';
import { ContinueChat } from './ContinueChat.tsx';
import { useHomeQueryActions } from './useHomeQueryActions.ts';

/** The index page: creation step one (001 §2), the way back to her chat, and the query parameters. */
export function HomePage() {
  useHomeQueryActions();
  return <StepOne notice={<ContinueChat />} />;
}
