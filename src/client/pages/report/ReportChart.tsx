import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { Lang } from '../../../shared/schema/entity-model';
import { chartThemeOf } from '../../chrome/chart-theme';
import type { ReportDefinition, ReportRow } from './report-api';
import { formatMonth, formatValue } from './report-format';
import { reportText } from './report-texts';

// Only the parts the reports draw: this chunk is loaded with the first report screen.
echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

function categoryLabel(row: ReportRow, by: string, lang: Lang): string {
  if (row.other) return reportText(lang, 'other');
  const label = row[`${by}Name`] ?? row[by];
  return by === 'month' ? formatMonth(String(label), lang) : String(label ?? '');
}

function optionOf(definition: ReportDefinition, rows: ReportRow[], lang: Lang): echarts.EChartsCoreOption {
  const { kind, by, measures } = definition.chart;
  const columns = measures.map((key) => definition.measures.find((m) => m.key === key)!);
  const labels = rows.map((r) => categoryLabel(r, by, lang));
  const tooltipValue = (format: string) => (value: unknown) => formatValue(value, format as never, lang);
  if (kind === 'pie') {
    const column = columns[0];
    return {
      tooltip: { trigger: 'item', valueFormatter: tooltipValue(column.format) },
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'pie', name: column.label[lang], radius: ['35%', '65%'], data: rows.map((r, i) => ({ name: labels[i], value: Number(r[column.key] ?? 0) })) }],
    };
  }
  return {
    tooltip: { trigger: 'axis', valueFormatter: tooltipValue(columns[0].format) },
    legend: { top: 0 },
    grid: { left: 16, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { notation: 'compact' }).format(v) } },
    series: columns.map((c) => ({ type: kind, name: c.label[lang], data: rows.map((r) => Number(r[c.key] ?? 0)), smooth: kind === 'line', stack: definition.chart.stack ? 'all' : undefined })),
  };
}

/** The report's chart (ECharts, canvas), redrawn when the rows, the language or the look change; texts in the theme's colours. */
export default function ReportChart({ definition, rows, lang }: { definition: ReportDefinition; rows: ReportRow[]; lang: Lang }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | undefined>(undefined);
  const theme = useTheme();
  const drawn = useRef({ definition, rows, lang });
  drawn.current = { definition, rows, lang };
  useEffect(() => {
    if (!element.current) return undefined;
    // A theme is fixed at init: a new look draws a new chart of the same rows.
    const instance = echarts.init(element.current, chartThemeOf(theme));
    const now = drawn.current;
    instance.setOption(optionOf(now.definition, now.rows, now.lang), true);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
    };
  }, [theme]);
  useEffect(() => {
    chart.current?.setOption(optionOf(definition, rows, lang), true);
  }, [definition, rows, lang]);
  return <Box ref={element} data-testid="report-chart" data-points={rows.length} sx={{ height: 300, width: '100%' }} />;
}
