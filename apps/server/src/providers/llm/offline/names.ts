import { getFirstnameGender, inclineFirstname } from 'lvovich';

/** The user's name in the cases her phrases use; `null` where lvovich cannot decline it safely. */
export interface NameForms {
  nominative: string;
  genitive: string | null;
  instrumental: string | null;
}

/**
 * Declines the user's first name with lvovich. The user may be of any gender: names in -а/-я decline
 * the same either way, a name lvovich knows as male or female takes that declension, and anything
 * else (Ким, Любовь without a known gender, foreign names) stays undeclined — her phrases then use
 * the name only as a form of address.
 */
export function userNameForms(name: string): NameForms {
  const known = getFirstnameGender(name);
  const gender = known === 'male' || known === 'female' ? known : /[ая]$/i.test(name) ? 'female' : null;
  const decline = (nameCase: 'genitive' | 'instrumental'): string | null => {
    if (!gender) return null;
    try {
      const result = inclineFirstname(name, nameCase, gender);
      return typeof result === 'string' && result.trim() && result !== name ? result : null;
    } catch {
      return null;
    }
  };
  return { nominative: name, genitive: decline('genitive'), instrumental: decline('instrumental') };
}
