/**
 * A chat turn as every entry point judges it (issue 27): the rules with the chat's recent turns and its
 * scene, the user's turn or her reply, and — for the user's turn — the crisis check first. The send
 * pipeline, voice calls, photo requests and the developers' evaluation all go through here, so what
 * the evaluation measures is what a user meets.
 */
import { checkInput, type SafetyEntry } from './input.ts';
import type { SafetyResult } from './safety.ts';
import { EMPTY_SCENE, type SceneState, sceneAfter } from './scene.ts';
import type { SafetyTurn } from './turns.ts';

/** How many earlier turns (both speakers) a judgement reads with the message. */
export const TURN_WINDOW = 8;

/** A chat's safety context: its recent turns (refused ones left out) and its scene. */
export interface ChatContext {
  turns: readonly SafetyTurn[];
  scene: SceneState;
  /** The scene was rebuilt from the turns, not read from the chat: it is to be stored. */
  unsaved?: boolean;
}

export const EMPTY_CONTEXT: ChatContext = { turns: [], scene: EMPTY_SCENE };

/** The user's message at its entry point, against the chat's context. */
export function judgeUser(
  text: string,
  entry: SafetyEntry,
  context: ChatContext,
  transient = false,
): SafetyResult {
  return checkInput({ text, entry, turns: context.turns, scene: context.scene, transient });
}

/** Her reply (or a window of it as it streams), with her as the speaker. */
export function judgeHer(text: string, context: ChatContext, transient = true): SafetyResult {
  return checkInput({
    text,
    entry: 'chat',
    speaker: 'her',
    turns: context.turns,
    scene: context.scene,
    transient,
  });
}

/**
 * The context after one more turn: the scene learns whom it set up (an attempt the check refused
 * included), and the turn joins the window unless it was refused.
 */
export function contextAfter(context: ChatContext, turn: SafetyTurn, refused: boolean): ChatContext {
  const scene = sceneAfter(context.scene, turn, refused);
  const turns = refused ? context.turns : [...context.turns, turn].slice(-TURN_WINDOW);
  return { turns, scene };
}

/**
 * A chat's context rebuilt from its turns as the app would have judged them one by one: each user turn
 * checked against what came before it, each reply of hers read as hers. For a chat whose scene was not
 * kept (made before the scene existed) and for the evaluation's histories.
 */
export function replay(history: readonly SafetyTurn[], entry: SafetyEntry = 'chat'): ChatContext {
  let context = EMPTY_CONTEXT;
  for (const turn of history) {
    const verdict =
      turn.role === 'user' ? judgeUser(turn.text, entry, context, true) : judgeHer(turn.text, context, true);
    context = contextAfter(context, turn, !verdict.ok);
  }
  return context;
}
