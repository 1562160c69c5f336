/** Where a work item's form, handling and detail screens are: `/work/process/<route>/…` (route = dict `flow` remark). */
export const workRoutes = {
  form: (route: string, processDefinitionId: string) => `/work/process/${route}/form/${processDefinitionId}`,
  handle: (route: string, row: { taskId: string; processInstanceId: string; businessId: string }) =>
    `/work/process/${route}/handle/${row.taskId}/${row.processInstanceId}/${row.businessId}`,
  detail: (route: string, row: { processInstanceId: string; businessId: string }) =>
    `/work/process/${route}/detail/${row.processInstanceId}/${row.businessId}`,
};
