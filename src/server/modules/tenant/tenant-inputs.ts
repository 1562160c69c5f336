/** Plain parameters of a request: query string over form or JSON body. */
export type Params = Record<string, unknown>;
