import {
  type Activators,
  defaultCoordinates,
  KeyboardSensor,
  type KeyboardSensorOptions,
  type KeyboardSensorProps,
  type SensorInstance,
} from '@dnd-kit/core';

type Coordinates = { x: number; y: number };

/**
 * dnd-kit's keyboard sensor, without its own scrolling: that one scrolls the board by a whole
 * step as soon as the target passes the middle of the view, so a move from the first list to
 * the third took the first list off a wide screen (issue 45 D13). Here the coordinate getter
 * (keyboard-moves.ts) scrolls only what the target needs, and its answer is where the card goes.
 */
export class BoardKeyboardSensor implements SensorInstance {
  autoScrollEnabled = false;
  static activators: Activators<KeyboardSensorOptions> = KeyboardSensor.activators;
  private reference: Coordinates | undefined;
  private readonly document: Document;
  private readonly window: Window;

  constructor(private readonly props: KeyboardSensorProps) {
    const target = props.event.target as Node | null;
    this.document = target?.ownerDocument ?? document;
    this.window = this.document.defaultView ?? window;
    this.window.addEventListener('resize', this.handleCancel);
    this.window.addEventListener('visibilitychange', this.handleCancel);
    props.onStart(defaultCoordinates);
    // As dnd-kit does: the key that started the drag must not also move it.
    setTimeout(() => this.document.addEventListener('keydown', this.handleKeyDown));
  }

  private readonly handleKeyDown = (event: KeyboardEvent) => {
    const { options, context, active } = this.props;
    const codes = options.keyboardCodes;
    if (codes?.end.includes(event.code)) return this.finish(event, this.props.onEnd);
    if (codes?.cancel.includes(event.code)) return this.finish(event, this.props.onCancel);
    const { collisionRect } = context.current;
    const current = collisionRect ? { x: collisionRect.left, y: collisionRect.top } : undefined;
    if (!current || !options.coordinateGetter) return;
    this.reference ??= current;
    const next = options.coordinateGetter(event, {
      active,
      context: context.current,
      currentCoordinates: current,
    });
    if (!next) return;
    event.preventDefault();
    this.props.onMove({ x: next.x - this.reference.x, y: next.y - this.reference.y });
  };

  private readonly handleCancel = (event: Event) => this.finish(event, this.props.onCancel);

  private finish(event: Event, done: () => void) {
    event.preventDefault();
    this.document.removeEventListener('keydown', this.handleKeyDown);
    this.window.removeEventListener('resize', this.handleCancel);
    this.window.removeEventListener('visibilitychange', this.handleCancel);
    done();
  }
}
