// The search page (search/index.html): runs the form against the Pagefind index the build writes
// into pagefind/ with `search: true`. A module loaded from a file, no inline script or handler; the
// page's words come from its own markup (data-* attributes and <option>s), in its language.
// Everything Pagefind returns is shown with textContent and checked URLs, never as HTML.
const form = document.querySelector("[data-search-form]");
if (form) start(form);

async function start(form) {
  const root = new URL("../", import.meta.url);
  const status = document.querySelector("[data-search-status]");
  const list = document.querySelector("[data-search-results]");
  const more = document.querySelector("[data-search-more]");
  const lang = document.documentElement.lang || "en";
  const numbers = new Intl.NumberFormat(lang);
  const plurals = new Intl.PluralRules(lang);
  const pageSize = 20;
  const asked = new URLSearchParams(location.search);
  form.elements.q.value = asked.get("q") || "";

  let pagefind;
  try {
    pagefind = await import(new URL("pagefind/pagefind.js", root).href);
    await pagefind.options({ baseUrl: "/" });
    await pagefind.init();
    await fillFilters(pagefind, form, numbers);
  } catch (error) {
    status.textContent = form.dataset.failed;
    console.warn("search: Pagefind could not load", error);
    return;
  }
  for (const select of form.querySelectorAll("select")) {
    if (asked.has(select.name)) select.value = asked.get(select.name);
  }
  form.querySelector("[data-search-filters]").hidden = false;
  list.dataset.state = "done";

  let generation = 0;
  let results = [];
  let shown = 0;

  function found(count) {
    const category = count === 0 && form.dataset.foundZero ? "zero" : plurals.select(count);
    const key = "found" + category.charAt(0).toUpperCase() + category.slice(1);
    return (form.dataset[key] || form.dataset.foundOther || "{count}").replace("{count}", numbers.format(count));
  }

  // `data-state` on the list: "busy" from a change until its results are shown, then "done".
  async function run(debounced) {
    const mine = ++generation;
    list.dataset.state = "busy";
    const term = form.elements.q.value.trim();
    const filters = {};
    for (const select of form.querySelectorAll("select[data-filter]")) {
      if (select.value) filters[select.dataset.filter] = select.value;
    }
    const sort = form.elements.sort.value;
    const options = { filters };
    if (sort) options.sort = { [sort]: sort === "name" ? "asc" : "desc" };
    remember(form);
    if (!term && !sort && Object.keys(filters).length === 0) {
      results = [];
      list.replaceChildren();
      status.textContent = "";
      more.hidden = true;
      list.dataset.state = "done";
      return;
    }
    const search = debounced
      ? await pagefind.debouncedSearch(term || null, options, 250)
      : await pagefind.search(term || null, options);
    if (search === null || mine !== generation) return;
    results = search.results;
    shown = 0;
    list.replaceChildren();
    status.textContent = results.length === 0 ? form.dataset.none : found(results.length);
    await showMore(mine);
  }

  async function showMore(mine) {
    const page = await Promise.all(results.slice(shown, shown + pageSize).map((result) => result.data()));
    if (mine !== generation) return;
    for (const data of page) {
      const item = resultItem(data, root);
      if (item) list.append(item);
    }
    shown += page.length;
    more.hidden = shown >= results.length;
    list.dataset.state = "done";
    if (page.length > 0) performance.mark("repowatch-search-results");
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(false);
  });
  form.elements.q.addEventListener("input", () => run(true));
  for (const select of form.querySelectorAll("select")) select.addEventListener("change", () => run(false));
  more.addEventListener("click", () => {
    list.dataset.state = "busy";
    showMore(generation);
  });
  if ([...asked.keys()].length > 0) run(false);
}

// Owners, languages and topics as the index has them, each with its count; states keep their
// translated names and lose the ones no page has.
async function fillFilters(pagefind, form, numbers) {
  const available = await pagefind.filters();
  for (const select of form.querySelectorAll("select[data-filter]")) {
    const counts = available[select.dataset.filter] || {};
    if (select.hasAttribute("data-fixed")) {
      for (const option of [...select.options]) {
        if (option.value && !counts[option.value]) option.remove();
        else if (option.value) option.textContent += ` (${numbers.format(counts[option.value])})`;
      }
      continue;
    }
    const names = Object.keys(counts).sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" }));
    for (const name of names) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = `${name} (${numbers.format(counts[name])})`;
      select.append(option);
    }
  }
}

// The address keeps the search, so it can be shared and survives a reload.
function remember(form) {
  const params = new URLSearchParams();
  const term = form.elements.q.value.trim();
  if (term) params.set("q", term);
  for (const select of form.querySelectorAll("select")) {
    if (select.value) params.set(select.name, select.value);
  }
  const query = params.toString();
  history.replaceState(null, "", query ? `?${query}` : location.pathname);
}

// Only addresses on this site, over http(s): Pagefind's are root-relative paths ("/repos/a/b/").
function siteAddress(path, root) {
  if (typeof path !== "string") return null;
  const url = new URL(path.replace(/^\/+/, ""), root);
  return url.origin === root.origin && (url.protocol === "https:" || url.protocol === "http:") ? url : null;
}

function resultItem(data, root) {
  const meta = data.meta || {};
  const address = siteAddress(data.url, root);
  if (!address) return null;
  const item = document.createElement("li");
  item.className = "result";
  item.dataset.result = "";
  if (meta.repo) item.dataset.repo = meta.repo;
  if (meta.stars) item.dataset.stars = meta.stars;
  const image = siteAddress(meta.image, root);
  if (image) {
    const avatar = document.createElement("img");
    avatar.className = "result__avatar";
    avatar.src = image.href;
    avatar.alt = "";
    avatar.width = 40;
    avatar.height = 40;
    item.append(avatar);
  }
  const text = document.createElement("div");
  text.className = "result__text";
  const title = document.createElement("h2");
  title.className = "result__title";
  const link = document.createElement("a");
  link.href = address.href;
  link.textContent = meta.title || address.pathname;
  title.append(link);
  text.append(title);
  if (meta.description) {
    const description = document.createElement("p");
    description.className = "result__desc";
    description.dir = "auto";
    description.textContent = meta.description;
    text.append(description);
  }
  const facts = [meta.stars_display && `★ ${meta.stars_display}`, meta.language].filter(Boolean);
  if (facts.length > 0) {
    const line = document.createElement("p");
    line.className = "result__facts";
    line.textContent = facts.join(" · ");
    text.append(line);
  }
  item.append(text);
  return item;
}
