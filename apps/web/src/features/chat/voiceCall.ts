/** Ours: the entry of a call still going on. */
export const VOICE_CALL_ACTIVE_LABEL = 'Идёт звонок';

/** A call's length as the chat shows it: m:ss, or «N с» under a minute; null when unknown. */
export function voiceCallDuration(durationSeconds: number | null | undefined): string | null {
  if (durationSeconds === null || durationSeconds === undefined) return null;
  if (!Number.isFinite(durationSeconds) || durationSeconds < 0) return null;
  const total = Math.round(durationSeconds);
  if (total < 60) return `${total} с`;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * The label of a voice-call entry in the chat (000 §4): completed → «Завершено» (also the default),
 * missed → «Пропущенный», failed or limit_reached → «Неудавшийся», any other status → the duration as
 * m:ss, or «N с» under a minute. Ours: a call still going on (`active`) → «Идёт звонок».
 */
export function voiceCallLabel(status: string | null, durationSeconds: number | null): string {
  if (status === 'active') return VOICE_CALL_ACTIVE_LABEL;
  if (!status || status === 'completed') return 'Завершено';
  if (status === 'missed') return 'Пропущенный';
  if (status === 'failed' || status === 'limit_reached') return 'Неудавшийся';
  return voiceCallDuration(durationSeconds) ?? 'Завершено';
}

/**
 * The entry's line after its label: a finished call that lasted shows how long (issue 15: «the call
 * entry with its duration»), where the label alone does not already say it.
 */
export function voiceCallDetail(status: string | null, durationSeconds: number | null): string | null {
  if (status !== 'completed' && status !== 'limit_reached') return null;
  if (!durationSeconds || durationSeconds <= 0) return null;
  return voiceCallDuration(durationSeconds);
}
