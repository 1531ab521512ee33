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
    <ul className="tc-widget-manager" aria-label="Widgets">
      {sortWidgets(config).map((widget) => (
        <li key={widget.id} className="tc-widget-manager__row" data-testid={`widget-row-${widget.type}`}>
          <Switch.Root
            className="tc-switch"
            checked={widget.enabled}
            onCheckedChange={(enabled) => onChange(toggleWidget(config, widget.id, enabled))}
            aria-label={`${widget.enabled ? 'Disable' : 'Enable'} ${widget.name}`}
          >
            <Switch.Thumb className="tc-switch__thumb" />
          </Switch.Root>
          <span className={`tc-widget-manager__name${widget.enabled ? '' : ' is-disabled'}`}>{widget.name}</span>
          <button
            type="button"
            className="btn btn--icon btn--xs"
            aria-label={`Move ${widget.name} up`}
            disabled={!canMoveUp(config, widget.id)}
            onClick={() => onChange(moveWidget(config, widget.id, 'up'))}
          >
            <ArrowUp size={14} />
          </button>
          <button
            type="button"
            className="btn btn--icon btn--xs"
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
