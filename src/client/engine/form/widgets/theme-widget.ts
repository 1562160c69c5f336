import { createElement } from 'react';
import type { Widget, WidgetProps } from '@rjsf/utils';

/**
 * A widget that renders one of the MUI theme's own widgets (TextWidget, TextareaWidget…)
 * with extra ui options, so plain inputs keep rjsf's empty-value handling.
 */
export function themeWidget(name: string, options: Record<string, unknown> = {}): Widget {
  const ThemeWidget = (props: WidgetProps) => {
    const Inner = props.registry.widgets[name];
    return createElement(Inner, { ...props, options: { ...props.options, ...options } });
  };
  ThemeWidget.displayName = `Theme(${name})`;
  return ThemeWidget;
}
