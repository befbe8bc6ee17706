/** Addresses are stored and compared lowercased and trimmed, so Anna@Mail.ru and anna@mail.ru are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
