// Spec 2 §2 right pane "PANEL": the enabled widgets in their saved order, a widget manager button and a hide button.
import type { CurrentUser } from '@teamchat/contracts';
import { LayoutGrid, PanelRightClose } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { IconButton } from '../chat/ui.js';
import { ClockWidget } from './ClockWidget.js';
import { FortuneWidget } from './FortuneWidget.js';
import { NotepadWidget } from './NotepadWidget.js';
import { usePanelSize } from './panel-size.js';
import { PetWidget } from './PetWidget.js';
import { TeamStatusWidget } from './TeamStatusWidget.js';
import { TimerWidget } from './TimerWidget.js';
import { WidgetManagerDialog } from './WidgetManagerDialog.js';
import {
  loadWidgetConfig,
  saveWidgetConfig,
  sortWidgets,
  type WidgetConfigItem,
  type WidgetType,
} from './widget-config.js';

export const WidgetPanel = ({ user, onHide }: { user: CurrentUser; onHide: () => void }) => {
  const [config, setConfig] = useState<WidgetConfigItem[]>(loadWidgetConfig);
  const [managerOpen, setManagerOpen] = useState(false);
  const density = usePanelSize();

  const update = (next: WidgetConfigItem[]) => {
    setConfig(next);
    saveWidgetConfig(next);
  };

  const render = (type: WidgetType): ReactNode => {
    switch (type) {
      case 'team':
        return <TeamStatusWidget user={user} density={density} />;
      case 'clock':
        return <ClockWidget />;
      case 'timer':
        return <TimerWidget />;
      case 'fortune':
        return <FortuneWidget />;
      case 'notepad':
        return <NotepadWidget rows={density === 'compact' ? 3 : 5} />;
      case 'pet':
        return <PetWidget />;
    }
  };

  const enabled = sortWidgets(config).filter((w) => w.enabled);

  return (
    <aside
      className={`tc-panel${density === 'compact' ? ' is-compact' : ''}`}
      aria-label="Panel"
      data-density={density}
    >
      <div className="tc-panel__head">
        <h2 className="tc-panel__title">PANEL</h2>
        <div className="tc-panel__actions">
          <IconButton label="Manage widgets" onClick={() => setManagerOpen(true)}>
            <LayoutGrid size={16} />
          </IconButton>
          <IconButton label="Hide panel" onClick={onHide}>
            <PanelRightClose size={16} />
          </IconButton>
        </div>
      </div>
      <div className="tc-panel__body">
        {enabled.length === 0 ? (
          <p className="tc-list-note">All widgets are hidden. Use the widget manager to bring them back.</p>
        ) : null}
        {enabled.map((widget) => (
          <section key={widget.id} className="tc-widget" aria-label={widget.name} data-widget={widget.type}>
            <h3 className="tc-widget__title">{widget.name}</h3>
            {render(widget.type)}
          </section>
        ))}
      </div>
      <WidgetManagerDialog open={managerOpen} onOpenChange={setManagerOpen} config={config} onChange={update} />
    </aside>
  );
};
