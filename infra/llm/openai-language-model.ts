import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import {
  type JsonCompletionRequest,
  type LanguageModel,
  LanguageModelUnavailableError,
} from './language-model.port.ts';

export interface OpenAiLanguageModelOptions {
  readonly model: string;
  readonly apiKey: string;
  /** An OpenAI-compatible server (chat-completions API); default api.openai.com. */
  readonly baseURL?: string;
  /** Budget for the call (one attempt). */
  readonly timeoutMs: number;
}

/** A JSON object in the model's content, tolerating a Markdown code fence around it. */
function parseContent(content: string): unknown {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(content.trim());
  return JSON.parse(fenced ? fenced[1]! : content);
}

/** A language model behind an OpenAI-compatible chat-completions endpoint, answering JSON at temperature 0. */
export class OpenAiLanguageModel implements LanguageModel {
  readonly name: string;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiLanguageModelOptions) {
    this.name = `llm:${options.model}`;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      timeout: options.timeoutMs,
      // One attempt within the budget: the caller answers 503 and the client may retry.
      maxRetries: 0,
    });
  }

  async completeJson(request: JsonCompletionRequest): Promise<unknown> {
    const model = this.options.model;
    let content: string | null | undefined;
    try {
      const completion = await this.client.chat.completions.create(
        {
          model,
          temperature: 0,
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: request.user },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: request.name, strict: true, schema: { ...request.schema } },
          },
        },
        { signal: AbortSignal.timeout(this.options.timeoutMs) },
      );
      content = completion.choices[0]?.message?.content;
    } catch (error) {
      throw new LanguageModelUnavailableError(this.describe(error), { cause: error });
    }
    if (!content) throw new LanguageModelUnavailableError(`The language model ${model} returned no answer.`);
    try {
      return parseContent(content);
    } catch (error) {
      throw new LanguageModelUnavailableError(`The language model ${model} answered with invalid JSON.`, {
        cause: error,
      });
    }
  }

  private describe(error: unknown): string {
    const model = this.options.model;
    if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) {
      return `The language model ${model} did not answer within ${this.options.timeoutMs} ms.`;
    }
    if (error instanceof APIError && error.status !== undefined) {
      return `The language model ${model} failed with HTTP ${error.status}.`;
    }
    return `The language model ${model} could not be reached.`;
  }
}
