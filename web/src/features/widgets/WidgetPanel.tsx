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
import panelStyles from '../chat/panel.module.css';
import noteStyles from '../../components/ui/note.module.css';
import styles from './WidgetPanel.module.css';

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
    <aside className={panelStyles.panel} data-panel-size={density} aria-label="Panel" data-density={density}>
      <div className={panelStyles.head}>
        <h2 className={panelStyles.title}>PANEL</h2>
        <div className={panelStyles.actions}>
          <IconButton label="Manage widgets" onClick={() => setManagerOpen(true)}>
            <LayoutGrid size={16} />
          </IconButton>
          <IconButton label="Hide panel" onClick={onHide}>
            <PanelRightClose size={16} />
          </IconButton>
        </div>
      </div>
      <div className={panelStyles.body}>
        {enabled.length === 0 ? (
          <p className={noteStyles.note}>All widgets are hidden. Use the widget manager to bring them back.</p>
        ) : null}
        {enabled.map((widget) => (
          <section key={widget.id} className={styles.widget} aria-label={widget.name} data-widget={widget.type}>
            <h3 className={styles.title}>{widget.name}</h3>
            {render(widget.type)}
          </section>
        ))}
      </div>
      <WidgetManagerDialog open={managerOpen} onOpenChange={setManagerOpen} config={config} onChange={update} />
    </aside>
  );
};
