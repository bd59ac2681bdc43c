/**
 * The move up / move down / remove buttons of an item of an ordered list (a policy rule, a path
 * override), each named with the item for screen readers (`label`: `rule 2`).
 */
export function ListItemActions(props: {
  index: number;
  count: number;
  label: string;
  onMove(delta: number): void;
  onRemove(): void;
}) {
  const { index } = props;
  const which = <span class="sr-only"> {props.label}</span>;
  return (
    <div class="full actions">
      <button
        type="button"
        class="secondary"
        disabled={index === 0}
        onClick={() => props.onMove(-1)}
      >
        Move up{which}
      </button>
      <button
        type="button"
        class="secondary"
        disabled={index === props.count - 1}
        onClick={() => props.onMove(1)}
      >
        Move down{which}
      </button>
      <button type="button" class="danger" onClick={props.onRemove}>
        Remove{which}
      </button>
    </div>
  );
}
