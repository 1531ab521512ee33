// Spec 2 §2 "MANAGE WIDGETS": enable/disable, move up (not the first), move down (not the last); order saved locally.
import * as Switch from '@radix-ui/react-switch';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Modal } from '../chat/ui.js';
import {
  canMoveDown,
  canMoveUp,
  moveWidget,
  sortWidgets,
  toggleWidget,
  type WidgetConfigItem,
} from './widget-config.js';
import switchStyles from '../../components/ui/switch.module.css';
import buttonStyles from '../../components/ui/Button.module.css';
import styles from './WidgetManagerDialog.module.css';

export const WIDGET_MANAGER_TEXT = 'Customize your panel by enabling, disabling, and reordering widgets.';

export const WidgetManagerDialog = ({
  open,
  onOpenChange,
  config,
  onChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  config: readonly WidgetConfigItem[];
  onChange: (next: WidgetConfigItem[]) => void;
}) => (
  <Modal open={open} onOpenChange={onOpenChange} title="MANAGE WIDGETS" description={WIDGET_MANAGER_TEXT}>
    <ul className={styles.manager} aria-label="Widgets">
      {sortWidgets(config).map((widget) => (
        <li key={widget.id} className={styles.row} data-testid={`widget-row-${widget.type}`}>
          <Switch.Root
            className={switchStyles.switch}
            checked={widget.enabled}
            onCheckedChange={(enabled) => onChange(toggleWidget(config, widget.id, enabled))}
            aria-label={`${widget.enabled ? 'Disable' : 'Enable'} ${widget.name}`}
          >
            <Switch.Thumb className={switchStyles.thumb} />
          </Switch.Root>
          <span className={[styles.name, widget.enabled ? '' : styles.isDisabled].filter(Boolean).join(' ')}>
            {widget.name}
          </span>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.xs}`}
            aria-label={`Move ${widget.name} up`}
            disabled={!canMoveUp(config, widget.id)}
            onClick={() => onChange(moveWidget(config, widget.id, 'up'))}
          >
            <ArrowUp size={14} />
          </button>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.xs}`}
            aria-label={`Move ${widget.name} down`}
            disabled={!canMoveDown(config, widget.id)}
            onClick={() => onChange(moveWidget(config, widget.id, 'down'))}
          >
            <ArrowDown size={14} />
          </button>
        </li>
      ))}
    </ul>
  </Modal>
);
