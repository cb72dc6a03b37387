/**
 * Sign-in bodies come flat (devise_token_auth: `{email, password}`) or JSON:API-wrapped
 * (`{data:{attributes:{...}}}`); both give the same attributes.
 */
export const attributesOf = (body: unknown): unknown => {
  if (!isObject(body)) return body;
  const data = body.data;
  if (isObject(data) && isObject(data.attributes)) return data.attributes;
  return body;
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
