// Gemini's wire API (the Generative Language API that `@google/genai` and gemini-cli speak) for
// the model stub: `models/{model}:generateContent`, `:streamGenerateContent?alt=sse` (server-sent
// events, one `data:` line of JSON per chunk), `:countTokens`, and the model listing.
import type { DeclaredTool, FinishReason, NeutralRequest, TurnEvent } from './scenarioEngine.js';
import type { ProviderWire, SseEvent, WireDecoding } from './stubServer.js';

/** The API versions the stub answers under (`/v1beta/models/…`). */
const API_VERSIONS = new Set(['v1', 'v1beta', 'v1alpha']);

/** The model the stub lists (and reports in answers that name none). */
const LISTED_MODELS = ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite'];

const FINISH_REASONS: Record<FinishReason, string> = { stop: 'STOP', 'max-tokens': 'MAX_TOKENS', refusal: 'SAFETY' };

const ERROR_STATUS: Record<number, string> = { 400: 'INVALID_ARGUMENT', 404: 'NOT_FOUND', 405: 'INVALID_ARGUMENT', 413: 'INVALID_ARGUMENT', 500: 'INTERNAL' };

/** The model stub's Gemini module. */
export const geminiWire: ProviderWire = {
  provider: 'gemini',
  baseUrlEnv: 'GOOGLE_GEMINI_BASE_URL',
  decode: decodeGeminiRequest,
  encodeWhole: (events, model) => wholeResponse(events, model),
  encodeStream: streamResponse,
  errorBody: (status, reason) => ({ error: { code: status, message: `[model stub] ${reason}`, status: ERROR_STATUS[status] ?? 'UNKNOWN' } }),
};

function decodeGeminiRequest(method: string, url: URL, body: string): WireDecoding {
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const [version, collection, resource, ...rest] = segments;
  if (version === undefined || !API_VERSIONS.has(version) || collection !== 'models' || rest.length > 0) {
    return reject(undefined, 404, `unknown path ${url.pathname} (the Gemini stub answers /{v1,v1beta,v1alpha}/models[/{model}[:{operation}]])`);
  }
  if (resource === undefined) {
    if (method !== 'GET') return reject('listModels', 405, `${method} ${url.pathname}: the model listing is GET`);
    return { kind: 'fixed', operation: 'listModels', body: { models: LISTED_MODELS.map(modelInfo) } };
  }
  const colon = resource.indexOf(':');
  const model = colon === -1 ? resource : resource.slice(0, colon);
  const operation = colon === -1 ? 'getModel' : resource.slice(colon + 1);
  if (operation === 'getModel') {
    if (method !== 'GET') return reject(operation, 405, `${method} ${url.pathname}: a model is read with GET`);
    return { kind: 'fixed', operation, body: modelInfo(model) };
  }
  if (method !== 'POST') return reject(operation, 405, `${method} ${url.pathname}: ${operation} is POST`);
  if (operation !== 'generateContent' && operation !== 'streamGenerateContent' && operation !== 'countTokens') {
    return reject(operation, 404, `unsupported operation ${operation} (the Gemini stub answers generateContent, streamGenerateContent, countTokens)`);
  }
  if (operation === 'streamGenerateContent' && url.searchParams.get('alt') !== 'sse') {
    return reject(operation, 400, 'streamGenerateContent without alt=sse (a streamed JSON array) is not supported; the stub streams server-sent events');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return reject(operation, 400, `${operation}: the request body is not JSON (${body.length} characters)`);
  }
  if (!isRecord(parsed)) return reject(operation, 400, `${operation}: the request body is not a JSON object`);
  // countTokens carries the contents either at the top or inside a generateContentRequest.
  const request = operation === 'countTokens' && isRecord(parsed['generateContentRequest']) ? parsed['generateContentRequest'] : parsed;
  const contents = request['contents'];
  if (!Array.isArray(contents) || !contents.every(isRecord)) return reject(operation, 400, `${operation}: "contents" is not an array of objects`);
  if (operation === 'countTokens') return { kind: 'fixed', operation, body: { totalTokens: Math.ceil(body.length / 4) } };
  return { kind: 'model', operation, streaming: operation === 'streamGenerateContent', request: neutralRequest(request, contents, model) };
}

function reject(operation: string | undefined, status: 400 | 404 | 405, reason: string): WireDecoding {
  return { kind: 'rejected', operation, status, reason };
}

function modelInfo(model: string): Record<string, unknown> {
  return {
    name: `models/${model}`,
    baseModelId: model,
    version: 'stub',
    displayName: `${model} (model stub)`,
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
  };
}

function neutralRequest(request: Record<string, unknown>, contents: readonly Record<string, unknown>[], model: string): NeutralRequest {
  const generationConfig = isRecord(request['generationConfig']) ? request['generationConfig'] : {};
  const wantsJson = generationConfig['responseMimeType'] === 'application/json';
  const responseSchema = generationConfig['responseJsonSchema'] ?? generationConfig['responseSchema'] ?? (wantsJson ? {} : undefined);
  const last = contents.at(-1);
  return {
    latestUserText: latestUserText(contents),
    endsWithToolResult: last !== undefined && partsOf(last).some((part) => isRecord(part['functionResponse'])),
    declaredTools: declaredTools(request['tools']),
    model,
    responseSchema,
  };
}

function partsOf(content: Record<string, unknown>): Record<string, unknown>[] {
  const parts = content['parts'];
  return Array.isArray(parts) ? parts.filter(isRecord) : [];
}

function latestUserText(contents: readonly Record<string, unknown>[]): string | undefined {
  for (let index = contents.length - 1; index >= 0; index--) {
    const content = contents[index];
    if (content === undefined || (content['role'] !== undefined && content['role'] !== 'user')) continue;
    const texts = partsOf(content).flatMap((part) => (typeof part['text'] === 'string' ? [part['text']] : []));
    if (texts.length > 0) return texts.join('\n');
  }
  return undefined;
}

function declaredTools(tools: unknown): DeclaredTool[] {
  if (!Array.isArray(tools)) return [];
  return tools.filter(isRecord).flatMap((tool) => {
    const declarations = tool['functionDeclarations'];
    if (!Array.isArray(declarations)) return [];
    return declarations.filter(isRecord).flatMap((declaration) => {
      const name = declaration['name'];
      if (typeof name !== 'string') return [];
      return [{ name, parameters: declaration['parametersJsonSchema'] ?? declaration['parameters'] ?? {} }];
    });
  });
}

/** One Gemini part for a turn event (a `finish` has none). */
function partOf(event: TurnEvent): Record<string, unknown> | undefined {
  switch (event.type) {
    case 'text':
      return { text: event.text };
    case 'json':
      return { text: JSON.stringify(event.value) };
    case 'tool-call':
      return { functionCall: { name: event.name, args: event.args } };
    case 'finish':
      return undefined;
  }
}

function response(parts: readonly Record<string, unknown>[], finish: FinishReason | undefined, model: string | undefined): Record<string, unknown> {
  const candidate: Record<string, unknown> = { content: { role: 'model', parts }, index: 0 };
  if (finish !== undefined) candidate['finishReason'] = FINISH_REASONS[finish];
  const answer: Record<string, unknown> = { candidates: [candidate], modelVersion: model ?? LISTED_MODELS[0] };
  if (finish !== undefined) answer['usageMetadata'] = { promptTokenCount: 1, candidatesTokenCount: parts.length, totalTokenCount: 1 + parts.length };
  return answer;
}

function wholeResponse(events: readonly TurnEvent[], model: string | undefined): unknown {
  const parts: Record<string, unknown>[] = [];
  let finish: FinishReason | undefined;
  for (const event of events) {
    if (event.type === 'finish') finish = event.reason;
    const part = partOf(event);
    const previous = parts.at(-1);
    // Consecutive texts are one text part, as the API answers them.
    if (part !== undefined && typeof part['text'] === 'string' && previous !== undefined && typeof previous['text'] === 'string') {
      parts[parts.length - 1] = { text: previous['text'] + part['text'] };
    } else if (part !== undefined) parts.push(part);
  }
  return response(parts, finish ?? 'stop', model);
}

/** One chunk per event; the finish reason rides on the last chunk that has a part, as the API sends it. */
function* streamResponse(events: Iterable<TurnEvent>, model: string | undefined): Generator<SseEvent> {
  let pending: Record<string, unknown> | undefined;
  for (const event of events) {
    if (event.type === 'finish') {
      yield { data: response(pending === undefined ? [] : [pending], event.reason, model) };
      return;
    }
    if (pending !== undefined) yield { data: response([pending], undefined, model) };
    pending = partOf(event);
  }
  if (pending !== undefined) yield { data: response([pending], 'stop', model) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
