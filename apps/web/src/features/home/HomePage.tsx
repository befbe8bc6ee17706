import { StepOne } from '../creation/StepOne.tsx';
import { useHomeQueryActions } from './useHomeQueryActions.ts';

/** The index page: creation step one (001 §2), plus its query parameters. */
export function HomePage() {
  useHomeQueryActions();
  return <StepOne />;
}
