// The embed (GET /embed.js): <script src="…/embed.js" data-faq="{slug}" async></script> puts
// the published FAQ where the tag stands, in a shadow root so the shop's CSS and ours never
// meet; text follows the site's font and colour. Kept small (bench and a test hold < 15 KB gzip).
(function () {
  var script = document.currentScript;
  if (!script) return;
  var slug = script.getAttribute('data-faq') || '';
  if (!/^[A-Za-z0-9_-]{16}$/.test(slug)) return;
  var base = new URL(script.src).origin;
  var host = document.createElement('div');
  host.className = 'faq-kobo-embed';
  script.parentNode.insertBefore(host, script.nextSibling);
  var shadow = host.attachShadow({ mode: 'open' });
  var style =
    ':host{display:block;font:inherit;color:inherit}' +
    'h2{font-size:1.25em;margin:0 0 .5em}' +
    'label{display:block;font-size:.9em;margin-bottom:.25em}' +
    'input{font:inherit;width:100%;box-sizing:border-box;padding:.5em;border:1px solid #71717a;border-radius:6px;margin-bottom:.5em}' +
    'details{border-bottom:1px solid #d4d4d8;padding:.5em 0}' +
    'summary{cursor:pointer;font-weight:bold;padding:.25em 0}' +
    'summary:focus-visible,input:focus-visible{outline:2px solid currentColor;outline-offset:2px}' +
    '.a{margin:.5em 0 0;line-height:1.8;white-space:pre-line}' +
    '.s{min-height:1em;font-size:.9em;margin:0}';
  var el = function (tag, text, className) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (className) node.className = className;
    return node;
  };
  fetch(base + '/f/' + slug + '/faq.json')
    .then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    })
    .then(function (data) {
      var css = el('style', style);
      var section = el('section');
      var heading = el('h2', data.title);
      heading.id = 'faq-title';
      section.setAttribute('aria-labelledby', 'faq-title');
      var label = el('label', 'よくある質問を検索');
      var input = el('input');
      input.type = 'search';
      input.id = 'faq-q';
      label.htmlFor = 'faq-q';
      var status = el('p', '', 's');
      status.setAttribute('role', 'status');
      section.append(heading, label, input, status);
      var gpc = navigator.globalPrivacyControl === true;
      var track = navigator.doNotTrack !== '1' && !gpc && !!navigator.sendBeacon;
      var items = data.items.map(function (item, index) {
        var details = el('details');
        details.append(el('summary', item.question), el('p', item.answer, 'a'));
        details.addEventListener('toggle', function () {
          if (!details.open || !track || details.dataset.sent) return;
          details.dataset.sent = '1';
          navigator.sendBeacon(base + '/f/' + slug + '/opened?q=' + index);
        });
        section.append(details);
        return {
          node: details,
          text: (item.question + ' ' + item.answer).normalize('NFKC').toLowerCase(),
        };
      });
      input.addEventListener('input', function () {
        var words = input.value.normalize('NFKC').toLowerCase().split(/\s+/).filter(Boolean);
        var shown = 0;
        items.forEach(function (item) {
          var match = words.every(function (word) {
            return item.text.indexOf(word) >= 0;
          });
          item.node.hidden = !match;
          if (match) shown++;
        });
        status.textContent = words.length
          ? shown
            ? shown + '件の質問が見つかりました'
            : '該当する質問はありません'
          : '';
      });
      shadow.append(css, section);
      // Search engines read structured data from the page itself, not from a shadow root.
      if (!data.noindex) {
        var ld = el('script', JSON.stringify(data.jsonLd));
        ld.type = 'application/ld+json';
        document.head.appendChild(ld);
      }
    })
    .catch(function () {
      shadow.append(el('p', 'よくある質問を読み込めませんでした。'));
    });
})();
