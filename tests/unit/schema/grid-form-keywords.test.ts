import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { projectPath } from '../../support/paths.js';
import { schemaCopies } from '../../support/schemas-copy.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const schemasWith = schemaCopies();

/** The data model's 模型配置 action and its grid field, in the copy being edited. */
const prototypeAction = (j: Json) => j['x-actions'][0];
const gridField = (j: Json) => prototypeAction(j).form.properties.prototypes;
const MODEL = 'develop/model.json';
const AT = 'develop/model\\.json#/x-actions/0';

describe('a form that posts a grid of rows to another entity\'s endpoint (数据模型 模型配置)', () => {
  it('normalizes the grid\'s cells and row key, the body field, the whole-answer field and the other module\'s route (run.url)', () => {
    const action = loadSchemas(projectPath('schemas')).find((m) => m.key === 'develop/model')!.actions.find((a) => a.key === 'prototype')!;
    expect(action).toMatchObject({ path: 'prototype', permission: 'model_edit', run: { kind: 'route', url: '/blade-develop/model-prototype/submit-list' }, confirm: { zh: '确定提交模型配置?' } });
    expect(action.form).toMatchObject({ body: 'prototypes', width: 1200, initial: { fromRow: false, url: '/blade-develop/model-prototype/prototypes', params: { modelId: 'id' }, answerField: 'prototypes' } });
    const grid = action.form!.fields[0]!;
    expect(grid).toMatchObject({ name: 'prototypes', widget: 'grid', rowKey: 'jdbcName', schema: { type: 'array', items: { type: 'object' } } });
    expect(grid.cells!.map((c) => [c.name, c.widget, c.readOnly])).toEqual([
      ['jdbcName', 'text', true], ['jdbcType', 'text', true], ['propertyName', 'text', true], ['propertyType', 'text', true], ['comment', 'text', false],
      ['isList', 'switch', false], ['isForm', 'switch', false], ['isRow', 'switch', false], ['isRequired', 'switch', false], ['isQuery', 'switch', false],
      ['queryType', 'select', false], ['componentType', 'select', false], ['dictCode', 'text', false],
    ]);
  });

  it('stops start-up for a grid that is no list of objects', () => {
    const notArray = schemasWith(MODEL, (j) => { gridField(j).type = 'string'; });
    expect(() => loadSchemas(notArray)).toThrow(new RegExp(`${AT}/form/properties/prototypes: x-widget "grid" needs type "array"`));
    const noCells = schemasWith(MODEL, (j) => { gridField(j).items = { type: 'string' }; });
    expect(() => loadSchemas(noCells)).toThrow(new RegExp(`${AT}/form/properties/prototypes/items: x-widget "grid" needs items of type "object" with properties`));
  });

  it('stops start-up for a row key that is not one of the cells', () => {
    const dir = schemasWith(MODEL, (j) => { gridField(j)['x-row-key'] = 'jdbc'; });
    expect(() => loadSchemas(dir)).toThrow(new RegExp(`${AT}/form/properties/prototypes/x-row-key: x-widget "grid" needs x-row-key naming one of its items' properties \\(got "jdbc"\\)`));
  });

  it('stops start-up for a cell widget the grid does not draw, and for a select cell without its choices', () => {
    const tree = schemasWith(MODEL, (j) => { gridField(j).items.properties.comment['x-widget'] = 'tree-check'; });
    expect(() => loadSchemas(tree)).toThrow(new RegExp(`${AT}/form/properties/prototypes/items/properties/comment: a grid cell's x-widget is text, switch or select, not "tree-check"`));
    const noEnum = schemasWith(MODEL, (j) => { delete gridField(j).items.properties.queryType.enum; });
    expect(() => loadSchemas(noEnum)).toThrow(new RegExp(`${AT}/form/properties/prototypes/items/properties/queryType: a grid cell of x-widget "select" needs enum`));
  });

  it('stops start-up for a grid on an entity column', () => {
    const dir = schemasWith(MODEL, (j) => { j.properties.modelRemark['x-widget'] = 'grid'; });
    expect(() => loadSchemas(dir)).toThrow(/develop\/model\.json#\/properties\/modelRemark\/x-widget: x-widget "grid" is an action form's field/);
  });

  it('stops start-up for a body or an answer field the form does not declare, and an answer field without a url', () => {
    const body = schemasWith(MODEL, (j) => { prototypeAction(j).form.body = 'rows'; });
    expect(() => loadSchemas(body)).toThrow(new RegExp(`${AT}/form/body: unknown form field "rows"`));
    const answer = schemasWith(MODEL, (j) => { prototypeAction(j).form.initial.answerField = 'rows'; });
    expect(() => loadSchemas(answer)).toThrow(new RegExp(`${AT}/form/initial/answerField: unknown form field "rows"`));
    const noUrl = schemasWith(MODEL, (j) => { delete prototypeAction(j).form.initial.url; });
    expect(() => loadSchemas(noUrl)).toThrow(new RegExp(`${AT}/form/initial/answerField: answerField takes the answer of initial.url: url is missing`));
  });

  it('stops start-up for a path naming another module\'s route (run.url says that) or a one-field body on a run the engine serves', () => {
    const dir = schemasWith(MODEL, (j) => { prototypeAction(j).path = '/blade-develop/model-prototype/submit-list'; });
    expect(() => loadSchemas(dir)).toThrow(new RegExp(`${AT}/path`));
    const body = schemasWith(MODEL, (j) => { prototypeAction(j).run = { kind: 'hook' }; });
    expect(() => loadSchemas(body)).toThrow(new RegExp(`${AT}/form/body: a body of one field is read by a module's route: it needs run kind route`));
  });
});
