"""Ways of showing a rating: the text and JSON report (``report``), the rich walkthrough
(``walkthrough``), the pictures (``marks``, ``svg``, ``html``, ``render``) and the technique table
(``technique_list``); ``registry`` lists the ones ``rate`` shows, with their options and the options
they refuse. They read a rating; nothing in the run depends on them."""
