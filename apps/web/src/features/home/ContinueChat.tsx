import { STORAGE_KEYS } from '@podruga/shared';
import { Link } from 'react-router';
import { local } from '../../shared/storage.ts';
import { chatToContinue, useMyChats } from '../shell/myChats.ts';
import classes from './HomePage.module.css';

/**
 * The way back to her from the wizard (issue 9): a user who already has a companion and opens step one
 * (the logo, "на главную") sees a discreet link to the chat last visited. Her name stays in the
 * nominative ("Алиса ждёт тебя"), so no declension is needed.
 */
export function ContinueChat() {
  const chat = chatToContinue(useMyChats(), local.get(STORAGE_KEYS.lastVisitedPath));
  if (!chat) return null;
  return (
    <Link to={`/chat/${chat.chatId}`} className={classes.continue}>
      {chat.avatar ? (
        <img className={classes.avatar} src={chat.avatar} alt="" width={32} height={32} />
      ) : (
        <span className={classes.avatar} aria-hidden="true" />
      )}
      <span>
        {chat.name} ждёт тебя — <span className={classes.action}>продолжить общение</span>
      </span>
    </Link>
  );
}
