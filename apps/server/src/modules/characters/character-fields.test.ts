import { characterInputSchema } from '@podruga/shared';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogueCompanions, characters } from '../../db/schema/index.ts';
import { PERSONA_TRAITS, TRAIT_COLUMNS, traitColumns, traitsOf } from './character-fields.ts';

describe('the trait field map', () => {
  it('names every trait of the contract once, each with a column of the companions table', () => {
    const contract = Object.keys(characterInputSchema.shape).filter((key) => key !== 'id');
    expect(Object.keys(TRAIT_COLUMNS).sort()).toEqual(contract.sort());
    const columns = Object.keys(getTableColumns(characters));
    for (const column of Object.values(TRAIT_COLUMNS)) expect(columns).toContain(column);
  });

  it('the catalogue keeps every persona trait in the same columns', () => {
    const columns = Object.keys(getTableColumns(catalogueCompanions));
    for (const key of PERSONA_TRAITS) expect(columns).toContain(TRAIT_COLUMNS[key]);
  });

  it('maps a partial update without inventing the fields it leaves out, and back', () => {
    const columns = traitColumns({ hair_color: 'red', language_style: undefined, age: 30 });
    expect(columns).toEqual({ hairColor: 'red', age: 30 });
    expect(traitsOf(columns, ['hair_color', 'age'])).toEqual({ hair_color: 'red', age: 30 });
  });
});
