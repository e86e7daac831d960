import type { ToolStreamStore } from '@toolstream/core';
import { Chat } from '@toolstream/ui';
import { useMemo } from 'react';
import { Launcher } from './launcher.js';
import type { ResolvedWidgetOptions } from './options.js';
import { toToolRenderers, WidgetToolRenderersContext } from './tool-renderers.js';

/** Props of {@link WidgetApp}. */
export interface WidgetAppProps {
  store: ToolStreamStore;
  options: ResolvedWidgetOptions;
}

/** What a widget renders: the kit's `Chat` over the widget's store, inline or in a launcher. */
export function WidgetApp({ store, options }: WidgetAppProps) {
  const { toolRenderers, placeholder } = options;
  const renderers = useMemo(
    () => (toolRenderers === undefined ? undefined : toToolRenderers(toolRenderers)),
    [toolRenderers],
  );
  const chat = (
    <Chat
      store={store}
      title={options.title}
      theme={options.theme === 'auto' ? undefined : options.theme}
      toolRenderers={renderers}
      showTimeline={options.showTimeline}
      composerProps={placeholder === undefined ? undefined : { placeholder }}
    />
  );
  const placed = options.placement === 'launcher' ? <Launcher title={options.title}>{chat}</Launcher> : chat;
  return toolRenderers === undefined ? (
    placed
  ) : (
    <WidgetToolRenderersContext.Provider value={toolRenderers}>{placed}</WidgetToolRenderersContext.Provider>
  );
}
