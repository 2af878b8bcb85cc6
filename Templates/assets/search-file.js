// The search page opened from a file on disk: browsers load no module script from a file:// address,
// so search.js never runs there and the form would do nothing. This classic script (which they do
// load) says so, and how to preview the site instead. No inline script: the page's policy allows none.
if (location.protocol === "file:") {
  const notice = document.querySelector("[data-search-file]");
  if (notice) notice.hidden = false;
  const form = document.querySelector("[data-search-form]");
  if (form) form.hidden = true;
}
