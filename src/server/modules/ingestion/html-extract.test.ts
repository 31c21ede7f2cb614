import { describe, expect, it } from 'vitest';
import { extractHtml } from './html-extract.ts';

const businessHome = `<!doctype html>
<html lang="ja" class="js menu-closed"><head><meta charset="utf-8"><title>さくら整骨院｜渋谷区の整骨院</title>
<meta name="description" content="渋谷駅から徒歩3分の整骨院です">
<link rel="canonical" href="https://sakura-seikotsu.example/"></head>
<body class="home nav-fixed">
<div class="header-wrap"><header><a href="/"><img src="/logo.png" alt="さくら整骨院"></a>
<nav><ul><li><a href="/">ホーム</a></li><li><a href="/menu">施術メニュー</a></li><li><a href="/price">料金</a></li><li><a href="/access">アクセス</a></li></ul></nav></header></div>
<div id="cookie-notice">当サイトではCookieを利用しています。<button>同意する</button></div>
<div class="wrapper">
<div class="content">
<section id="about"><h2>当院について</h2><p>さくら整骨院は2010年に開院した、渋谷区の地域密着型の整骨院です。国家資格を持つ柔道整復師が施術を担当します。</p></section>
<section id="menu"><h2>施術メニュー</h2><ul><li>骨盤矯正（約30分）</li><li>スポーツ障害の施術</li><li>交通事故によるむち打ちの施術</li></ul></section>
<section id="price"><h2>料金</h2><table><tr><th>メニュー</th><th>料金</th></tr><tr><td>初診料</td><td>1,500円</td></tr><tr><td>骨盤矯正</td><td>4,000円</td></tr></table><p>各種健康保険が使えます。</p></section>
<section id="hours"><h2>受付時間</h2><p>平日は9時から20時まで、土曜日は9時から14時まで受け付けています。日曜・祝日は休診です。</p></section>
<section class="faq"><h2>よくある質問</h2><dl><dt>予約は必要ですか？</dt><dd>予約なしでも受診できますが、予約優先です。</dd></dl></section>
</div>
<aside class="sidebar"><h3>最新記事</h3><ul><li><a href="/blog/1">肩こり対策</a></li><li><a href="/blog/2">腰痛予防</a></li></ul></aside>
</div>
<footer><p>© 2024 さくら整骨院 All rights reserved.</p><a href="/privacy">プライバシーポリシー</a></footer>
<script>window.dataLayer=[];</script>
</body></html>`;

const paragraphs = Array.from(
  { length: 8 },
  (_, index) =>
    `<p>段落${index + 1}：当社のクラウド会計サービスは、中小企業の経理担当者が毎月の締め作業を短時間で終えられるように設計されています。請求書の取り込みから仕訳、試算表の作成までを自動化します。</p>`,
).join('');
const article = `<!doctype html><html lang="ja"><head><title>導入事例</title></head><body>
<div class="top"><a href="/">ホーム</a> &gt; <a href="/cases">導入事例</a></div>
<div class="layout"><div class="main-column"><article><h1>導入事例：経理の締め作業が半分に</h1>${paragraphs}
<figure><img src="/a.jpg"><figcaption>写真：経理部の皆さま</figcaption></figure></article></div>
<div class="side-column"><div class="ranking"><h3>人気の記事</h3><ol><li><a href="/a">記事A</a></li><li><a href="/b">記事B</a></li><li><a href="/c">記事C</a></li></ol></div></div></div>
</body></html>`;

describe('extractHtml', () => {
  it('keeps every section of a business page and drops the site chrome', () => {
    const page = extractHtml(businessHome, 'https://sakura-seikotsu.example/');
    expect(page.title).toBe('さくら整骨院｜渋谷区の整骨院');
    expect(page.description).toBe('渋谷駅から徒歩3分の整骨院です');
    expect(page.language).toBe('ja');
    expect(page.canonicalUrl).toBe('https://sakura-seikotsu.example/');
    for (const phrase of [
      '2010年に開院',
      '骨盤矯正（約30分）',
      '初診料',
      '1,500円',
      '土曜日は9時から14時まで',
      '予約なしでも受診できます',
    ])
      expect(page.text).toContain(phrase);
    expect(page.markdown).toMatch(/\| 初診料 \| 1,500円 \|/);
    expect(page.markdown).toMatch(/^## 料金$/m);
    for (const chrome of [
      'Cookie',
      '同意する',
      'All rights reserved',
      'window.dataLayer',
      '施術メニュー</a>',
    ])
      expect(page.text).not.toContain(chrome);
    expect(page.links).toContain('https://sakura-seikotsu.example/price');
    expect(page.looksLikeJavaScriptShell).toBe(false);
  });

  it('writes field tables and definition lists as 項目：値 lines, and a <dt> that asks as Q and A', () => {
    const page = extractHtml(
      `<html><body><main><h1>会社概要</h1>
      <table><tr><th>会社名</th><td>株式会社サンプル工務店</td></tr><tr><th>営業時間</th><td>9:00〜18:00</td></tr></table>
      <dl><div><dt>電話番号</dt><dd>03-0000-0000</dd></div><dt>駐車場</dt><dd>あり（3台）</dd></dl>
      <dl><dt>予約は必要ですか？</dt><dd>予約なしでも受診できます。</dd></dl>
      <table><tr><th>プラン</th><th>料金</th></tr><tr><td>ライト</td><td>1,100円</td></tr></table>
      </main></body></html>`,
      'https://example.jp/',
    );
    for (const line of [
      '会社名：株式会社サンプル工務店',
      '営業時間：9:00〜18:00',
      '電話番号：03-0000-0000',
      '駐車場：あり（3台）',
      'Q. 予約は必要ですか？\nA. 予約なしでも受診できます。',
      '| ライト | 1,100円 |',
    ])
      expect(page.markdown).toContain(line);
  });

  it('takes the article of an article page without breadcrumbs, rankings or captions', () => {
    const page = extractHtml(article, 'https://kaikei.example/cases/1');
    expect(page.text).toContain('段落1：');
    expect(page.text).toContain('段落8：');
    expect(page.text).not.toContain('人気の記事');
    expect(page.text).not.toContain('写真：経理部');
    expect(page.text).not.toContain('ホーム');
  });

  it('detects a page that only a browser can render', () => {
    const page = extractHtml(
      '<!doctype html><html><head><title>App</title><script src="/app.js"></script></head><body><div id="root"></div></body></html>',
      'https://spa.example/',
    );
    expect(page.looksLikeJavaScriptShell).toBe(true);
    expect(page.text).toBe('');
  });

  it('survives documents without head or body and odd class names on the root', () => {
    expect(extractHtml('<p>本文だけの断片です。</p>', 'https://a.example/').text).toBe(
      '本文だけの断片です。',
    );
    const page = extractHtml(
      '<html class="menu nav"><body class="menu"><p>ルートに menu クラスがあっても本文は残ります。</p></body></html>',
      'https://a.example/',
    );
    expect(page.text).toContain('本文は残ります');
  });
});
