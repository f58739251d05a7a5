"""Ways of showing a rating: the text and JSON report (``report``), the rich walkthrough
(``walkthrough``), the pictures (``marks``, ``svg``, ``html``, ``render``) and the technique table
(``technique_list``). They read a rating; nothing in the run depends on them."""
