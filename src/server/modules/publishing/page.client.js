// The published page's only script, inlined under a CSP hash (public-page.ts): the in-page
// search and the count of opened questions. The page works without it.
(function () {
  var root = document.getElementById('faq');
  if (!root) return;
  var list = Array.prototype.slice.call(root.querySelectorAll('details'));
  var form = document.getElementById('search');
  var input = document.getElementById('q');
  var status = document.getElementById('status');
  var fold = function (text) {
    return text.normalize('NFKC').toLowerCase();
  };
  // Read on the first search, not at load: nothing delays the page's first paint.
  var texts = null;
  form.hidden = false;
  form.addEventListener('submit', function (event) {
    event.preventDefault();
  });
  input.addEventListener('input', function () {
    texts =
      texts ||
      list.map(function (item) {
        return fold(item.textContent || '');
      });
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    list.forEach(function (item, index) {
      var match = words.every(function (word) {
        return texts[index].indexOf(word) >= 0;
      });
      item.hidden = !match;
      if (match) shown++;
    });
    status.textContent = words.length
      ? shown
        ? shown + '件の質問が見つかりました'
        : '該当する質問はありません'
      : '';
  });
  // The iframe version tells the page around it how tall it is, so an opened answer is never
  // cut off: the dialog's iframe snippet sets the frame's height from this message and no
  // other. Only a height is said, which any page may know; the page itself cannot be framed.
  if (window.parent !== window && window.ResizeObserver) {
    new ResizeObserver(function () {
      var height = Math.ceil(document.body.getBoundingClientRect().height);
      window.parent.postMessage({ type: 'faq-kobo-height', height: height }, '*');
    }).observe(document.body);
  }
  // Counts only, never who: nothing is sent when the browser asks not to be tracked.
  var gpc = navigator.globalPrivacyControl === true;
  if (navigator.doNotTrack === '1' || gpc || !navigator.sendBeacon) return;
  var slug = root.getAttribute('data-slug');
  var sent = {};
  list.forEach(function (item, index) {
    item.addEventListener('toggle', function () {
      if (!item.open || sent[index]) return;
      sent[index] = true;
      navigator.sendBeacon('/f/' + slug + '/opened?q=' + index);
    });
  });
})();
