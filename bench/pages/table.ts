/**
 * An old-style table layout page for the capture bench, as forums, classifieds and mailing-list
 * archives of the early 2000s (and many still online) are built: nested layout tables with
 * `bgcolor`, `cellpadding`, `width` attributes, `<font>` and `<center>`, spacer images, a left menu
 * column, and one long listing table of well over a thousand rows.
 */
import { escapeHtml, textSource } from './text.ts';

export function tablePage(): string {
  const t = textSource(2001);
  const menu = Array.from(
    { length: 40 },
    (_, i) =>
      `<tr><td bgcolor="${i % 2 ? '#e8eef7' : '#f4f7fb'}"><font face="Verdana, Arial" size="1">&raquo; <a href="#">${escapeHtml(t.title(1, 3))}</a></font></td></tr>`,
  ).join('');
  const rows = Array.from(
    { length: 1400 },
    (_, i) => `<tr bgcolor="${i % 2 ? '#ffffff' : '#f1f1e8'}">
      <td align="right" width="40"><font size="2">${i + 1}.</font></td>
      <td><img src="/qa/img/logo.svg" width="12" height="12" alt=""> <a href="#"><b>${escapeHtml(t.title(3, 9))}</b></a><br><font size="1" color="#666666">${escapeHtml(t.words(t.int(4, 10)))}</font></td>
      <td align="center" nowrap><font size="2">${escapeHtml(t.word())}</font></td>
      <td align="center"><font size="2">${t.int(0, 400)}</font></td>
      <td align="center" nowrap><font size="1">${t.int(1, 28)}.${t.int(1, 12)}.200${t.int(1, 9)}</font></td>
    </tr>`,
  ).join('');
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html>
<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>Synthetic Board :: Index</title>
<style type="text/css">
  body { font-family: Verdana, "DejaVu Sans", Arial, sans-serif; }
  a:link, a:visited { color: #1a3d7c; }
  td { font-family: Verdana, "DejaVu Sans", Arial, sans-serif; }
  .head td { color: #ffffff; }
</style>
</head>
<body bgcolor="#dfe5ee" topmargin="0" leftmargin="0" marginwidth="0" marginheight="0">
<center>
<table width="980" border="0" cellspacing="0" cellpadding="0" bgcolor="#ffffff">
  <tr><td colspan="3" bgcolor="#2b4c7e" height="70"><font face="Georgia" size="6" color="#ffffff">&nbsp;<b>Synthetic Board</b></font><br><font size="1" color="#c8d6ee">&nbsp;&nbsp;${escapeHtml(t.sentence(6, 10))}</font></td></tr>
  <tr><td colspan="3" bgcolor="#f4c430"><img src="/qa/img/logo.svg" width="1" height="4" alt=""></td></tr>
  <tr valign="top">
    <td width="170" bgcolor="#e8eef7"><table width="100%" border="0" cellspacing="1" cellpadding="4">${menu}</table></td>
    <td width="10"><img src="/qa/img/logo.svg" width="10" height="1" alt=""></td>
    <td>
      <table width="100%" border="0" cellspacing="0" cellpadding="3"><tr><td><font size="2"><b>Welcome.</b> ${escapeHtml(t.sentence(20, 40))}</font></td></tr></table>
      <table width="100%" border="1" cellspacing="0" cellpadding="4" bordercolor="#9fb1cc" style="border-collapse: collapse">
        <tr class="head" bgcolor="#4a6da7"><td>#</td><td><b>Topic</b></td><td><b>Author</b></td><td><b>Replies</b></td><td><b>Date</b></td></tr>
        ${rows}
      </table>
    </td>
  </tr>
  <tr><td colspan="3" bgcolor="#2b4c7e" align="center"><font size="1" color="#ffffff">${escapeHtml(t.sentence(8, 12))}</font></td></tr>
</table>
</center>
</body>
</html>`;
}
