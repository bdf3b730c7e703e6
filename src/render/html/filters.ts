// The filters of a page of many items (the corpus page, the comparison page): one select a field,
// and the page's one script, which shows them and hides every item that does not match them all.
// An item is any element with `data-filtered`; a select named N matches its `data-N` exactly, or,
// for a select marked `data-list`, as one of the words of `data-N`. Without the script the form
// stays hidden: the page shows everything and nothing pretends to filter.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';

export const FILTER_SCRIPT = `(() => {
  const form = document.getElementById('filters');
  const count = document.getElementById('filter-count');
  const selects = [...form.querySelectorAll('select')];
  const items = [...document.querySelectorAll('[data-filtered]')];
  const rows = items.filter((item) => item.tagName === 'TR').length;
  const matches = (item, select) => {
    const value = item.dataset[select.name] || '';
    return select.value === '' || (select.dataset.list === undefined ? value === select.value : value.split(' ').includes(select.value));
  };
  const apply = () => {
    let shown = 0;
    for (const item of items) {
      const match = selects.every((select) => matches(item, select));
      item.hidden = !match;
      if (match && item.tagName === 'TR') shown++;
    }
    count.textContent = shown + ' of ' + rows + ' ' + form.dataset.noun + ' shown';
  };
  for (const select of selects) select.addEventListener('change', apply);
  form.hidden = false;
  apply();
})();`;

export interface Filter {
  /** The field: the select's name, and the items' data-NAME. */
  name: string;
  label: string;
  /** The items' field holds words, one of which must match. */
  list?: boolean;
  /** Each choice as its value and its text, after "all". */
  options: Array<[string, string]>;
}

/** The filters' form, hidden until the script shows it; `noun` names the items its count counts. */
export function filterForm(filters: readonly Filter[], noun: string): ElementContent {
  return h('form', { id: 'filters', hidden: true, className: ['filters'], ariaLabel: `Filter the ${noun}`, dataNoun: noun }, [
    ...filters.flatMap((filter) => [
      h('label', { htmlFor: `filter-${filter.name}` }, filter.label),
      h('select', { id: `filter-${filter.name}`, name: filter.name, ...(filter.list === true ? { dataList: '' } : {}) }, [
        h('option', { value: '' }, 'all'),
        ...filter.options.map(([value, text]) => h('option', { value }, text)),
      ]),
    ]),
    h('output', { id: 'filter-count', ariaLive: 'polite' }),
  ]);
}
