/**
 * The label of a voice-call entry in the chat (000 §4): completed → «Завершено» (also the default),
 * missed → «Пропущенный», failed or limit_reached → «Неудавшийся», any other status → the duration as
 * m:ss, or «N с» under a minute.
 */
export function voiceCallLabel(status: string | null, durationSeconds: number | null): string {
  if (!status || status === 'completed') return 'Завершено';
  if (status === 'missed') return 'Пропущенный';
  if (status === 'failed' || status === 'limit_reached') return 'Неудавшийся';
  if (durationSeconds === null || !Number.isFinite(durationSeconds) || durationSeconds < 0)
    return 'Завершено';
  const total = Math.round(durationSeconds);
  if (total < 60) return `${total} с`;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
