/** One earlier turn of a chat as the safety checks read it: who said it, and what. */
export interface SafetyTurn {
  role: 'user' | 'assistant';
  text: string;
}
