import multipart from '@fastify/multipart';
import {
  basicGenerateBodySchema,
  basicGenerateResponseSchema,
  idParamsSchema,
  LIKENESS_PHOTO_MESSAGES,
  LIKENESS_RULES,
  likenessAnalyzeResponseSchema,
  llmProcessBodySchema,
  llmProcessResponseSchema,
  selectModelBodySchema,
  selectModelResponseSchema,
} from '@podruga/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../errors.ts';
import { userOf } from '../../plugins/auth.ts';
import { multipartUpload, uploadedFileSchema } from '../../plugins/multipart-form.ts';
import { exRouteConfig } from './gate.ts';
import type { LikenessService } from './likeness.service.ts';

const MINUTE = 60_000;
const perUser = {
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
} as const;

/** Our numbers: generous for a person filling the form a few times, tight for a script. */
export const LIKENESS_RATE_LIMITS = {
  analyze: {
    ...perUser,
    max: 20,
    timeWindow: 60 * MINUTE,
    errorResponseBuilder: () => errors.tooManyRequests('Слишком много фото подряд. Попробуйте через час'),
  },
  llm: { ...perUser, max: 30, timeWindow: 60 * MINUTE },
  generate: {
    ...perUser,
    max: 10,
    timeWindow: 60 * MINUTE,
    errorResponseBuilder: () =>
      errors.tooManyRequests('Слишком много генераций подряд. Попробуйте через час'),
  },
  select: { ...perUser, max: 30, timeWindow: 60 * MINUTE },
};

/** A preview comes back as base64 (a 1024×1024 PNG from a real provider is a few megabytes). */
const SELECT_BODY_LIMIT = 8 * 1024 * 1024;

const analyzeBody = z.object({ file: uploadedFileSchema });

export interface LikenessRoutesOptions {
  service: LikenessService;
}

/**
 * Creation by likeness (001 §7; DESIGN §6), every route for active Plus only (`exGate`):
 * POST /api/likeness/analyze, /api/llm/process, /api/exgenerate/basic-generate and
 * /api/exgenerate/select-model/{characterId}. POST /api/characters/ex is the companions module's.
 * Who may call them is checked by plugins/auth.ts (`exRouteConfig`: active Plus, the spec's texts).
 */
export const likenessRoutes: FastifyPluginAsyncZod<LikenessRoutesOptions> = async (app, { service }) => {
  // The photo is read into memory only (never `saveRequestFiles`, never a temporary file).
  await app.register(multipart, {
    limits: { fileSize: LIKENESS_RULES.photoMaxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });

  const upload = multipartUpload(LIKENESS_RULES.photoMaxBytes, {
    missing: LIKENESS_PHOTO_MESSAGES.required,
    tooLarge: LIKENESS_PHOTO_MESSAGES.tooLarge,
  });
  app.post(
    '/api/likeness/analyze',
    {
      config: exRouteConfig({ rateLimit: LIKENESS_RATE_LIMITS.analyze }),
      bodyLimit: upload.bodyLimit,
      preValidation: upload.preValidation,
      schema: { body: analyzeBody, response: { 200: likenessAnalyzeResponseSchema } },
    },
    async (request) => {
      const { file } = request.body;
      // The form's copy of the photo goes with the request; the service wipes this buffer.
      (request.body as { file?: Buffer }).file = undefined;
      return service.analyze(userOf(request), file);
    },
  );

  app.post(
    '/api/llm/process',
    {
      config: exRouteConfig({ rateLimit: LIKENESS_RATE_LIMITS.llm }),
      schema: { body: llmProcessBodySchema, response: { 200: llmProcessResponseSchema } },
    },
    async (request) => service.process(userOf(request), request.body),
  );

  app.post(
    '/api/exgenerate/basic-generate',
    {
      config: exRouteConfig({ rateLimit: LIKENESS_RATE_LIMITS.generate }),
      schema: { body: basicGenerateBodySchema, response: { 200: basicGenerateResponseSchema } },
    },
    async (request) => service.basicGenerate(userOf(request), request.body),
  );

  app.post(
    '/api/exgenerate/select-model/:id',
    {
      config: exRouteConfig({ rateLimit: LIKENESS_RATE_LIMITS.select }),
      bodyLimit: SELECT_BODY_LIMIT,
      schema: {
        params: idParamsSchema,
        body: selectModelBodySchema,
        response: { 200: selectModelResponseSchema },
      },
    },
    async (request) => service.selectModel(userOf(request), request.params.id, request.body),
  );
};
