// Copy buttons for the embed snippets. Without JavaScript the buttons stay hidden and the snippets
// stay selectable; no inline handlers, so a strict Content-Security-Policy can allow this file alone.
(function () {
  "use strict";
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
      document.body.removeChild(area);
      if (copied) { resolve(); } else { reject(new Error("copy refused")); }
    });
  }
  var buttons = document.querySelectorAll("button.copy[data-copy]");
  Array.prototype.forEach.call(buttons, function (button) {
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) return;
    // The words come from the page, in its language.
    var label = button.textContent;
    var words = button.closest("[data-copied]");
    button.hidden = false;
    button.addEventListener("click", function () {
      copyText(source.textContent).then(
        function () { button.textContent = (words && words.getAttribute("data-copied")) || label; },
        function () { button.textContent = (words && words.getAttribute("data-failed")) || label; }
      );
      window.setTimeout(function () { button.textContent = label; }, 2000);
    });
  });
})();
