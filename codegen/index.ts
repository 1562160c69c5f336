/**
 * The code generator: a table's columns become field prototypes (the grid 数据库模型配置),
 * prototypes become a schema file. Used by the server (blade-develop/code/gen-code) and
 * by the CLI (npx atrium-codegen).
 */
export { CodegenError, type CodegenMessage } from './codegen-messages.js';
export { prototypesOf, traitsOf, checkPrototype, fieldTypeOf, QUERY_TYPES, type FieldPrototype, type TableTraits, type QueryType } from './field-prototype.js';
export { buildSchema, entityNameOf, checkNames, type SchemaRequest } from './build-schema.js';
export { formatSchema } from './format-schema.js';
export { mergeRegenerated, schemaDiff } from './regenerate.js';
export { writeSchema, modelOf, BASE_SUFFIX, type WriteRequest, type WriteResult } from './write-schema.js';
