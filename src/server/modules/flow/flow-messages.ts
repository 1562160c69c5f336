import { AppError, ErrorCodes } from '../../../shared/errors.js';
import { fillPlaceholders } from '../../../shared/i18n/messages.js';
import type { Lang, LocalText } from '../../../shared/schema/entity-model.js';

/** Messages of the workflow module; `{name}` placeholders are filled by flowText. */
const flowMessages = {
  deployed: { zh: '部署成功', en: 'deployed' },
  started: { zh: '流程启动成功', en: 'the process has started' },
  startFailed: { zh: '开启流程失败: {reason}', en: 'the process could not start: {reason}' },
  stepFailed: { zh: '流程无法继续: {reason}', en: 'the process cannot go on: {reason}' },
  adminOnly: { zh: '仅管理员可以管理流程', en: 'only administrators may manage processes' },
  sharedAdminOnly: { zh: '仅超级管理员可以部署通用流程或为其他租户部署', en: 'only the administrator may deploy shared processes or deploy for other tenants' },
  missing: { zh: '缺少必要的请求参数: {name}', en: 'missing required parameter: {name}' },
  invalid: { zh: '请求参数格式错误: {name}', en: 'invalid parameter: {name}' },
  categoryUnknown: { zh: '流程类型不存在: {category}', en: 'no such process category: {category}' },
  modelMissing: { zh: '模型不存在', en: 'the model does not exist' },
  modelXmlEmpty: { zh: '模型尚未设计流程,请先保存流程图', en: 'the model has no diagram yet; save one first' },
  definitionMissing: { zh: '流程定义不存在', en: 'the process definition does not exist' },
  definitionSuspended: { zh: '流程已挂起,无法启动', en: 'the process is suspended and cannot be started' },
  definitionRunning: { zh: '流程存在运行中的实例,无法删除', en: 'the process has running instances and cannot be deleted' },
  stateInvalid: { zh: '状态只能是 active 或 suspend', en: 'state must be active or suspend' },
  instanceMissing: { zh: '流程实例不存在', en: 'the process instance does not exist' },
  instanceEnded: { zh: '流程已结束', en: 'the process has ended' },
  instanceSuspended: { zh: '流程已挂起,无法办理', en: 'the process is suspended' },
  taskMissing: { zh: '任务不存在', en: 'the task does not exist' },
  taskDone: { zh: '任务已被办理,请刷新后重试', en: 'the task has already been completed; refresh and try again' },
  taskClaimed: { zh: '任务已被他人签收', en: 'someone else has already claimed the task' },
  taskNotCandidate: { zh: '您不是该任务的候选人,无法签收', en: 'you are not a candidate for this task' },
  taskNotClaimed: { zh: '请先签收任务', en: 'claim the task first' },
  taskNotYours: { zh: '该任务不属于您', en: 'this task is not assigned to you' },
  fileName: { zh: '请上传 bpmn20.xml 标准格式文件', en: 'upload a .bpmn20.xml or .bpmn file' },
  fileMissing: { zh: '请上传流程文件', en: 'upload a process file' },
  leaveMissing: { zh: '请假记录不存在', en: 'the leave request does not exist' },
  leaveTimes: { zh: '结束时间必须晚于开始时间', en: 'the end time must be after the start time' },
  taskUserMissing: { zh: '审批人员不存在', en: 'the approver does not exist' },
  bpmnEmpty: { zh: '流程文件为空', en: 'the BPMN file is empty' },
  bpmnTooLarge: { zh: '流程文件过大(最大 2MB)', en: 'the BPMN file is too large (2 MB at most)' },
  bpmnDoctype: { zh: '流程文件不允许包含 DOCTYPE 或外部实体', en: 'the BPMN file must not contain a DOCTYPE or external entities' },
  bpmnUnreadable: { zh: '流程文件不是有效的 BPMN 2.0 XML: {detail}', en: 'the file is not valid BPMN 2.0 XML: {detail}' },
  bpmnNoProcess: { zh: '流程文件没有可执行的流程', en: 'the file has no executable process' },
  bpmnManyProcesses: { zh: '一个流程文件只能包含一个可执行流程', en: 'a file may hold one executable process only' },
  bpmnElement: { zh: '不支持的流程元素: {detail}', en: 'unsupported process element: {detail}' },
  bpmnScript: { zh: '流程不允许包含脚本: {detail}', en: 'scripts are not allowed in a process: {detail}' },
  bpmnListener: { zh: '流程不允许包含监听器: {detail}', en: 'listeners are not allowed in a process: {detail}' },
  bpmnAttribute: { zh: '不支持的流程属性: {detail}', en: 'unsupported process attribute: {detail}' },
  bpmnCondition: { zh: '条件表达式只能是对流程变量的比较(如 {examples}): {detail}', en: 'a condition may only compare process variables (e.g. {examples}): {detail}' },
  bpmnAssignee: { zh: '办理人或候选组只能是固定值或 {varExample}: {detail}', en: 'an assignee or candidate group must be a fixed value or {varExample}: {detail}' },
  bpmnNoStart: { zh: '流程必须有且只有一个开始事件', en: 'the process needs exactly one start event' },
  bpmnKey: { zh: '流程标识不合法: {detail}', en: 'invalid process key: {detail}' },
  passComment: { zh: '同意', en: '同意' },
  rejectComment: { zh: '驳回', en: '驳回' },
} satisfies Record<string, LocalText>;

export type FlowMessage = keyof typeof flowMessages;

export function flowText(lang: Lang, key: FlowMessage, params: Record<string, string | number> = {}): string {
  return fillPlaceholders(flowMessages[key][lang], { examples: '${pass}, ${days > 3}', varExample: '${taskUser}', ...params });
}

export function flowError(lang: Lang, key: FlowMessage, params?: Record<string, string | number>): AppError {
  return new AppError({ code: ErrorCodes.BAD_REQUEST, status: 400, text: flowText(lang, key, params) });
}

/** 403, never 401: a 401 signs the console out. */
export function flowForbidden(lang: Lang): AppError {
  return new AppError({ code: ErrorCodes.FORBIDDEN, status: 403, text: flowText(lang, 'adminOnly') });
}
