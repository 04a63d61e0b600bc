/** A request for one JSON answer of a language model. */
export interface JsonCompletionRequest {
  /** Name of the answer's schema (sent with it). */
  readonly name: string;
  /** JSON schema of the answer (strict structured output). */
  readonly schema: Readonly<Record<string, unknown>>;
  readonly system: string;
  readonly user: string;
}

/** A language model that answers with JSON (an OpenAI-compatible chat-completions server). */
export interface LanguageModel {
  /** `llm:<model>`, reported with every answer it shaped. */
  readonly name: string;
  /** The parsed JSON answer (not yet checked against the schema); throws LanguageModelUnavailableError when none can be had. */
  completeJson(request: JsonCompletionRequest): Promise<unknown>;
}

/** The model could not answer (timeout, transport or server error, unusable answer): never guess. */
export class LanguageModelUnavailableError extends Error {
  readonly code = 'LLM_UNAVAILABLE';
}
