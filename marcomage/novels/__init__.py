"""The Novels section: original stories set in the MArcomage world, read chapter by chapter.

Code and content are kept apart. The stories live in ``marcomage/novels/texts/``, one
folder per novel, named by its slug (lower-case letters, digits and hyphens):

* ``novel.toml``: ``title``, ``author`` (the credit line), ``blurb`` (one paragraph),
  ``position`` (order in the library) and ``chapters``: the chapter file names in
  reading order;
* one UTF-8 text file per chapter in a small markup (``markup.render_markup``): the
  first line is ``# Chapter title``, then paragraphs separated by blank lines, with
  ``## subheading``, ``* * *`` for a scene break and ``*emphasis*``.

The modules, bottom up:

* ``typography``: typographic quotes, dashes and ellipses for plain ASCII prose;
* ``markup``: a chapter file to safe HTML; ``NovelContentError`` for malformed text;
* ``loader``: the ``Novel`` and ``Chapter`` records, reading and validating the folders,
  and ``library()``: everything is read, validated and rendered once per process (an
  ``lru_cache``). The test suite loads the library, so a mistake fails a test instead of
  a request;
* ``views`` and ``urls``: the pages, behind ``section_required("novels")``. They use no
  table: the chapter a player last opened in each novel is kept in the session
  (``request.session["novels"]``, slug -> chapter number), which is what "continue
  reading" offers.

Nothing in a file is trusted as HTML: all text is escaped and the renderer itself writes
only ``<p>``, ``<h2>``, ``<hr>`` and ``<em>``.
"""
