import { APPEARANCE_PROMPT, parseAppearance } from './appearance.ts';
import {
  type AppearanceReading,
  VISION_PROMPT,
  VisionError,
  type VisionPort,
  type VisionRequest,
} from './port.ts';

export interface OpenAiVisionOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** OpenAI-compatible chat with an image part (`image_url` as a data: URL), no streaming. */
export function createOpenAiVision(options: OpenAiVisionOptions): VisionPort {
  const { baseUrl, apiKey, model, timeoutMs } = options;
  /** One question about the picture; the model's text answer. */
  async function ask(prompt: string, { image, contentType, signal }: VisionRequest): Promise<string> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({
          model,
          stream: false,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: prompt },
                {
                  type: 'image_url',
                  image_url: { url: `data:${contentType};base64,${image.toString('base64')}` },
                },
              ],
            },
          ],
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new VisionError(undefined, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new VisionError(response.status);
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch (error) {
      throw new VisionError(undefined, { cause: error });
    }
    const content = (answer as { choices?: Array<{ message?: { content?: unknown } }> } | null)?.choices?.[0]
      ?.message?.content;
    if (typeof content !== 'string' || !content.trim()) throw new VisionError();
    return content;
  }

  return {
    adapter: 'openai',
    offline: false,
    describe: () => `vision: OpenAI-compatible chat at ${new URL(baseUrl).host}, model ${model}`,
    async analyze(request) {
      const content = await ask(VISION_PROMPT, request);
      return content.trim().replace(/\s+/g, ' ').replace(/[[\]]/g, '').slice(0, 1000);
    },
    /** Creation by likeness: an unreadable answer is a failure (the user fills the form by hand). */
    async appearance(request): Promise<AppearanceReading> {
      const reading = parseAppearance(await ask(APPEARANCE_PROMPT, request));
      if (!reading) throw new VisionError();
      return reading;
    },
  };
}
