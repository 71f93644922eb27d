// The legacy RegExp.$1…$9 / lastMatch statics are not kept: reading one stops the run instead of giving undefined.
/(\d+)/.exec('order 42');
return RegExp.$1;
