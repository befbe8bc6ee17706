import { inflectBodySchema, inflectResponseSchema } from '@podruga/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inclineFirstname } from 'lvovich';

export type NameCase = 'genitive' | 'accusative';

/**
 * A companion's first name in a Russian case, declined as a female name by lvovich; anything it
 * cannot decline (foreign names, empty results, errors) falls back to the name as given.
 */
function inflectName(name: string, nameCase: NameCase): string {
  try {
    const result = inclineFirstname(name, nameCase, 'female');
    return typeof result === 'string' && result.trim() ? result : name;
  } catch {
    return name;
  }
}

/**
 * /api/inflection/* (001 §7). `inflect_name` gives the genitive, the original's default form
 * ("Профиль Анны"); the two named routes give the genitive and the accusative ("Выбрать Анну").
 */
export const inflectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes: Array<[string, NameCase]> = [
    ['/inflect_name', 'genitive'],
    ['/inflect_name_genitive', 'genitive'],
    ['/inflect_name_accusative', 'accusative'],
  ];
  for (const [path, nameCase] of routes) {
    app.post(
      path,
      {
        config: { access: 'guest' },
        schema: { body: inflectBodySchema, response: { 200: inflectResponseSchema } },
      },
      async (request) => ({ inflected_name: inflectName(request.body.name, nameCase) }),
    );
  }
};
